// Stylesheets imported by components mean nothing in jest's Node environment (Vite bundles them).
export default {};
