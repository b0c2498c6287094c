// Stub so the routes can lazy-load this page; the real page replaces it.
export default function BlogPage() {
  return null;
}
