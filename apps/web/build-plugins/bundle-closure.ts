// The parts of Rolldown's output the build plugins read (kept small so tests can build one by hand),
// and the walk both the service worker's shell and the first-page preloads make over it.

export interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> };
}
export interface BundleAsset {
  type: 'asset';
  fileName: string;
  /** Rolldown's original file name for an imported asset (a font's, say). */
  originalFileNames?: readonly string[];
  source: string | Uint8Array;
}
export type BundleEntry = BundleChunk | BundleAsset;

export function chunksOf(bundle: Record<string, BundleEntry>): BundleChunk[] {
  return Object.values(bundle).filter((entry): entry is BundleChunk => entry.type === 'chunk');
}

/** The chunk built from index.html: the app's entry. */
export function entryChunk(bundle: Record<string, BundleEntry>): BundleChunk | undefined {
  return chunksOf(bundle).find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html'));
}

/**
 * The chunk a dynamic import of `modulePath` (ending, e.g. '/src/app/layouts/user-layout.tsx') loads:
 * the chunk made for that module, else the first chunk that holds it.
 */
export function chunkOfModule(chunks: readonly BundleChunk[], modulePath: string): BundleChunk | undefined {
  return (
    chunks.find((chunk) => chunk.facadeModuleId?.endsWith(modulePath)) ??
    chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(modulePath)))
  );
}

export interface ChunkFiles {
  scripts: string[];
  styles: string[];
}

/**
 * Every file the browser fetches before `start` can run: the chunks it imports statically (and
 * theirs), and their stylesheets, in the order met. `known` files are left out and filled in.
 */
export function staticClosure(
  chunks: readonly BundleChunk[],
  start: BundleChunk,
  known: Set<string> = new Set(),
): ChunkFiles {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files: ChunkFiles = { scripts: [], styles: [] };
  const visit = (chunk: BundleChunk) => {
    if (known.has(chunk.fileName)) {
      return;
    }
    known.add(chunk.fileName);
    files.scripts.push(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      if (!known.has(css)) {
        known.add(css);
        files.styles.push(css);
      }
    }
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) {
        visit(imported);
      }
    }
  };
  visit(start);
  return files;
}
