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
    <div id="api-docs"></div>
    <script src="/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/docs/assets/api-docs.js"></script>
  </body>
</html>
`;

export const API_DOCS_SCRIPT = `window.SwaggerUIBundle({
  url: '/docs/openapi.json',
  dom_id: '#api-docs',
  // No deep links: Swagger UI puts the link inside the operation's button (nested controls, axe
  // nested-interactive), and the operations' ids are long.
  deepLinking: false,
  // About sixty tags and 230 operations: the tags start closed, so the page renders at once.
  docExpansion: 'none',
  // The models are in each operation's answers already; the long list at the end is left closed.
  defaultModelsExpandDepth: -1,
});

// Swagger UI draws these again as the reader opens things, so they are fixed whenever they appear: its
// server picker has a visible caption but no label (axe select-name), and its examples scroll in a
// box the keyboard cannot reach (axe scrollable-region-focusable).
new MutationObserver(() => {
  const servers = document.getElementById('servers');
  if (servers && !servers.hasAttribute('aria-label')) {
    servers.setAttribute('aria-label', 'Servers');
  }
  for (const example of document.querySelectorAll('.microlight:not([tabindex])')) {
    example.setAttribute('tabindex', '0');
  }
}).observe(document.getElementById('api-docs'), { childList: true, subtree: true });
`;

// Swagger UI's own colours fail WCAG 2.1 AA contrast in places (white on light method badges, grey
// captions, the light green Authorize button): darker shades of the same hues, at least 4.5:1.
export const API_DOCS_STYLE = `body {
  margin: 0;
  background: #ffffff;
}
.swagger-ui .info .title small {
  background: #4b5563;
}
.swagger-ui .info .title small.version-stamp {
  background: #3f6212;
}
.swagger-ui .info a {
  color: #1d4ed8;
}
.swagger-ui .btn.authorize {
  color: #166534;
  border-color: #166534;
}
.swagger-ui .btn.authorize svg {
  color: #166534;
  fill: #166534;
}
.swagger-ui .parameter__in,
.swagger-ui .parameter__deprecated,
.swagger-ui .prop-format {
  color: #4b5563;
}
.swagger-ui .opblock.opblock-get .opblock-summary-method {
  background: #1d4ed8;
}
.swagger-ui .opblock.opblock-post .opblock-summary-method {
  background: #166534;
}
.swagger-ui .opblock.opblock-put .opblock-summary-method {
  background: #9a3412;
}
.swagger-ui .opblock.opblock-patch .opblock-summary-method {
  background: #115e59;
}
.swagger-ui .opblock.opblock-delete .opblock-summary-method {
  background: #b91c1c;
}
.swagger-ui .opblock.opblock-head .opblock-summary-method,
.swagger-ui .opblock.opblock-options .opblock-summary-method {
  background: #6d28d9;
}
`;
