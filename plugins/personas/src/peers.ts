/** What this plugin uses of the sources plugin, through the container (never imported). */
export interface SourcesPeer {
  exists(id: string): boolean;
}
