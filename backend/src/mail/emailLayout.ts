import type { Mail } from './mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Every email of the product: a title, paragraphs and an optional button, as HTML and plain text. */
export function composeEmail(to: string, content: { subject: string; title: string; paragraphs: string[]; action?: { label: string; url: string }; code?: string }): Mail {
  const { subject, title, paragraphs, action, code } = content;
  const html = `<!doctype html><html lang="fr"><body style="margin:0;background:#f4f2f8;font-family:Arial,Helvetica,sans-serif;color:#1d1530">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#1d1530;color:#ffffff;padding:20px 28px;font-size:20px;font-weight:bold">Affilux</td></tr>
<tr><td style="padding:28px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:20px 0;text-align:center">${escapeHtml(code)}</p>` : ''}
${action ? `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(action.url)}" style="background:#e0245e;color:#ffffff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#6b6480;word-break:break-all">${escapeHtml(action.url)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#6b6480;border-top:1px solid #eee">Affilux — support@affilux.com — du lundi au vendredi, 9h-18h CET</td></tr>
</table></td></tr></table></body></html>`;
  const text = [title, '', ...paragraphs, ...(code ? ['', code] : []), ...(action ? ['', `${action.label} : ${action.url}`] : []), '', 'Affilux — support@affilux.com'].join('\n');
  return { to, subject, html, text };
}
