-- An agent's supersede of a confirmed claim does not overturn it: the corrected claim is filed
-- pending, in the pending lane, naming the claim it would replace here. The original stays
-- confirmed until the human confirms the replacement; then it becomes superseded, in the
-- same transaction. NULL for every other claim.
ALTER TABLE assertions ADD COLUMN replaces TEXT;
