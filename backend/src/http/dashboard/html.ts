// A tiny escaping template for server-rendered pages: interpolated values are escaped unless
// they are already Html.

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function render(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escape(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Html(out);
}

export function layout(title: string, body: Html): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Goalie</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 64rem; padding: 0 1rem; color: #1d1d1f; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #ddd; vertical-align: top; }
  .PASSED { color: #137333; } .FAILED, .ERROR { color: #b3261e; } .SKIPPED, .CANCELLED { color: #7a6400; }
  code, pre { background: #f4f4f5; padding: .1rem .3rem; border-radius: 4px; }
  pre { padding: .6rem; overflow-x: auto; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
  dt { color: #666; }
</style>
</head>
<body>
${body}
</body>
</html>
`.value;
}
