export default function StudioPage() {
  return <div className="p-6">Studio (placeholder)</div>;
}
