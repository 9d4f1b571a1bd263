// React 19 hoists <title> into <head>; every page names itself this way.
export function PageTitle({ title, shopName }: { title?: string; shopName: string }) {
  return <title>{title ? `${title} · ${shopName}` : shopName}</title>;
}
