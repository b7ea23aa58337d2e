// The page of the API viewer at /docs (decision 0080): Swagger UI's built files, served by us (no CDN),
// started by a script file of ours, so the page needs no inline script and the portal's
// Content-Security-Policy applies unchanged.

export const API_DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Care portal API</title>
    <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
    <link rel="stylesheet" href="/docs/assets/api-docs.css" />
  </head>
  <body>
    <main id="api-docs" aria-label="Care portal API"></main>
    <script src="/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/docs/assets/api-docs.js"></script>
  </body>
</html>
`;

export const API_DOCS_SCRIPT = `window.SwaggerUIBundle({
  url: '/docs/openapi.json',
  dom_id: '#api-docs',
  deepLinking: true,
  // The models are in each operation's answers already; the long list at the end is left closed.
  defaultModelsExpandDepth: -1,
});
`;

export const API_DOCS_STYLE = `body {
  margin: 0;
  background: #ffffff;
}
`;
