/**
 * The diagram store in the browser's build (the server build uses
 * store.server.ts, see src/plugins/server-client-pairs): no diagram is bundled. A page
 * that was served with its diagrams keeps them through hydration; after a
 * client-side navigation MermaidDiagram fetches /diagrams/<id>.svg.
 */
export function readDiagram(_id: string): string | null {
  return null;
}
