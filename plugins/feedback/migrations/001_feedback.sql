-- Feedback deliveries, in the registry (a global plugin): only when each was sent, for the rate
-- limit (a rolling hour). Neither the message nor the address is kept on the machine. A row is
-- written before sending (so two messages sent at once cannot both take the last place) and
-- deleted again if the destination did not accept it; rows older than an hour are deleted.
CREATE TABLE feedback_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sent_at_ms INTEGER NOT NULL
);
CREATE INDEX feedback_deliveries_by_time ON feedback_deliveries (sent_at_ms);
