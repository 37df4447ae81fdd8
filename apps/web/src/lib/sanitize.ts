import DOMPurify from 'dompurify';

// Links from server HTML open safely: no opener, and only http(s), mailto and tel targets.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
});

/** Every piece of server HTML passes through here before it is rendered. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  });
}

/**
 * The text of server HTML, its tags dropped and its paragraphs joined by a space: for places that show a
 * summary as one line of text (a news card, which is itself a link), decision 190.
 */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
  for (const block of doc.body.querySelectorAll('p, div, li, br, h2, h3, h4, tr, blockquote')) block.after(' ');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
