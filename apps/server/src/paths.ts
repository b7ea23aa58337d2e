import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The same code runs from src/ (tsx, tests) and from the bundled dist/server.js, so folders that ship
// beside the code are found from the server package's root rather than from a fixed relative depth.
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@app/server') {
        return dir;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error('Cannot find the @app/server package root');
    }
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsDir = path.join(serverRoot, 'drizzle');
export const webDistDir = path.resolve(serverRoot, '../web/dist');
