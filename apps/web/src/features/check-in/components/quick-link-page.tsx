export function QuickLinkPage() {
  return null;
}
