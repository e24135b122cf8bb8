/**
 * The built shell's index.html as a template with three holes: the head (the route's own title,
 * description and tags replace the generic ones), the end of the head, and the app root. Split once
 * per build and joined by concatenation: text from the database is never a pattern or a replacement.
 */
export interface HtmlTemplate {
  render(parts: { head: string; headEnd: string; root: string; bodyEnd: string }): string;
}

function find(html: string, pattern: RegExp): [number, number] | undefined {
  const m = pattern.exec(html);
  return m ? [m.index, m.index + m[0].length] : undefined;
}

export function parseTemplate(html: string): HtmlTemplate {
  const title = find(html, /<title>[^<]*<\/title>/);
  const description = find(html, /<meta\s+name="description"[^>]*>/);
  const headEnd = html.indexOf('</head>');
  const root = '<div id="root"></div>';
  const rootAt = html.indexOf(root);
  if (!title || headEnd < 0 || rootAt < headEnd)
    throw new Error('index.html lacks <title>, </head> or #root');
  // The generic title and description go; the route's own take the title's place.
  const spans = [title, ...(description ? [description] : [])].sort((a, b) => a[0] - b[0]);
  const before = html.slice(0, spans[0]![0]);
  const between = spans.length > 1 ? html.slice(spans[0]![1], spans[1]![0]) : '';
  const afterHead = html.slice(spans.at(-1)![1], headEnd);
  const openRoot = html.slice(headEnd, rootAt) + '<div id="root">';
  const closeRoot = '</div>';
  const rest = html.slice(rootAt + root.length);
  const bodyClose = rest.lastIndexOf('</body>');
  return {
    render: (p) =>
      before +
      p.head +
      between +
      afterHead +
      p.headEnd +
      openRoot +
      p.root +
      closeRoot +
      (bodyClose < 0 ? rest + p.bodyEnd : rest.slice(0, bodyClose) + p.bodyEnd + rest.slice(bodyClose)),
  };
}
