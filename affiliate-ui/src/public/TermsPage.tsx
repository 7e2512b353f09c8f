export function TermsPage() {
  return null;
}
