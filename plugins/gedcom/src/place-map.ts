/**
 * A place's point on the map (GEDCOM `PLAC.MAP`, LATI and LONG: "a representative point for a
 * location"). A claim's or an event's place is text, and no place record of Rootline holds
 * coordinates, so the import keeps the point as a note on the claim (or event) in these words,
 * `Coordinates of the place: latitude N42.3751, longitude W71.03922`, and the export reads such a
 * note back into `PLAC.MAP`. The coordinates are kept as written (`N42.3751`: GEDCOM's form).
 */
export interface MapPoint {
  latitude?: string;
  longitude?: string;
}

const HEAD = 'Coordinates of the place: ';

/** The note's text for a point (the parts it has). */
export function mapNoteText(point: MapPoint): string {
  const parts = [...(point.latitude ? [`latitude ${point.latitude}`] : []), ...(point.longitude ? [`longitude ${point.longitude}`] : [])];
  return `${HEAD}${parts.join(', ')}`;
}

/** The point a note's text holds, or undefined for a note of another kind (or one edited out of that shape). */
export function readMapNote(text: string): MapPoint | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith(HEAD)) return undefined;
  const point: MapPoint = {};
  for (const part of trimmed.slice(HEAD.length).split(', ')) {
    const [word, value, ...more] = part.split(' ');
    if (!value || more.length > 0 || (word !== 'latitude' && word !== 'longitude') || point[word] !== undefined) return undefined;
    point[word] = value;
  }
  return point.latitude || point.longitude ? point : undefined;
}
