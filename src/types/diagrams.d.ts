/**
 * `@portal/diagrams`: the stored build-time Mermaid diagrams, resolved by
 * src/plugins/mermaid-prerender to a file reader in the server build and to a
 * stub that returns null in the browser's.
 */
declare module '@portal/diagrams' {
  export function readDiagram(id: string): string | null;
}
