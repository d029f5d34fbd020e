/** A category icon: SVG markup from the API's categories.svg_path, which the API sanitises before it is stored and again when it answers. */
export function CategoryIcon({ svg }: { svg: string }) {
  if (!svg) return null;
  return <span className="icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />;
}

export function Spinner({ label }: { label?: string }) {
  return <span className="spinner" role={label ? 'status' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />;
}
