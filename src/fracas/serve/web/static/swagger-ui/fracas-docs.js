// The /docs page's start (a file, not an inline script: the pages' Content-Security-Policy
// takes scripts from this server only). Its OpenAPI document is the server's own.
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
  });
});
