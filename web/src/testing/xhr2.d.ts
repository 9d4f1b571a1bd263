/** `xhr2`: XMLHttpRequest for Node (tests of the API client's upload path against a real HTTP server). */
declare module 'xhr2' {
  const NodeXMLHttpRequest: typeof XMLHttpRequest;
  export default NodeXMLHttpRequest;
}
