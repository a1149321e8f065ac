// Goalie keeps one comment per merge request and updates it in place: a hidden marker finds it.

export const GOALIE_MARKER_PREFIX = '<!-- goalie-review';

export function commentMarker(changeRequestNumber: number): string {
  return `${GOALIE_MARKER_PREFIX} change-request=${changeRequestNumber} -->`;
}

export function hasMarker(body: string | null | undefined, changeRequestNumber: number): boolean {
  return (body ?? '').includes(commentMarker(changeRequestNumber));
}

/** The reply explaining a refused review request: its own note, found again by this marker, never mistaken for a request. */
export function refusalMarker(changeRequestNumber: number, kind: 'mention' | 'fork'): string {
  return `${GOALIE_MARKER_PREFIX} refusal=${kind} change-request=${changeRequestNumber} -->`;
}
