/** Minimal HTML for consent pages: escaped, no scripts, works without JS. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:32px;max-width:460px;width:100%}
h1{font-size:20px;margin:0 0 12px}p,li{color:#333;line-height:1.5}.sandbox{font-size:12px;color:#8a5a00;background:#fff4d6;border-radius:6px;padding:6px 10px;display:inline-block;margin-bottom:12px}
.actions{display:flex;gap:12px;margin-top:24px}button{font-size:15px;padding:10px 20px;border-radius:8px;border:1px solid #ccc;background:#fff;cursor:pointer}
button.primary{background:#1a73e8;color:#fff;border-color:#1a73e8}select{font-size:15px;padding:6px;width:100%}</style></head>
<body><main><span class="sandbox">Sandbox emulator</span>${body}</main></body></html>`;
}
