/** A private preview: search engines must not index it. */
export default function Head() {
  return <meta name="robots" content="noindex" />;
}
