import { createRequire } from 'node:module';
import path from 'node:path';

// Found when first asked for (decision 0080): the viewer at /docs serves Swagger UI's own built files
// from this folder. Only the folder is looked up; nothing of the package runs on the server.
let folder: string | undefined;

export function swaggerUiDistFolder(): string {
  folder ??= path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/absolute-path.js'));
  return folder;
}
