/**
 * The address the event page's share buttons give: for a signed-in person their own share link
 * (`?s=CODE`, made on first use through the API), so the visits and tickets it brings count for them;
 * for anyone else, or if the link cannot be made, the page's own address.
 */
export async function shareAddress(eventId: number, code: string | null, isSignedIn: boolean): Promise<string> {
  const page = `${window.location.origin}/events/${eventId}`;
  if (!code && isSignedIn) {
    const response = await fetch(`/api/v1/events/${eventId}/share-link`, { method: "POST" }).catch(() => null);
    if (response?.ok) code = ((await response.json()) as { data: { code: string } }).data.code;
  }
  return code ? `${page}?s=${code}` : page;
}
