-- Which agent credential each connected assistant harness holds (CONTRACT §12), in the registry
-- (a global plugin). A reconnect replaces the row and revokes the credential it named. The token
-- itself is in the data folder's credentials/agents/<harness>.token, never here.
CREATE TABLE integration_connections (
  harness_id TEXT PRIMARY KEY,
  credential_id TEXT NOT NULL,
  connected_at_ms INTEGER NOT NULL
) WITHOUT ROWID;
