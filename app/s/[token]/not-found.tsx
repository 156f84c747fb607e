/** A link revoked between proxy.ts's check and the render (the 404 status is kept). */
export default function ShareNotFound() {
  return (
    <main className="grid min-h-screen place-items-center p-8 text-center">
      <div>
        <h1 className="text-lg font-semibold" data-testid="share-gone">
          This link was revoked or never existed
        </h1>
        <p className="mt-2 text-sm text-zinc-400">Ask the person who shared it for a new link.</p>
      </div>
    </main>
  );
}
