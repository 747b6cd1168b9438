"""Jobs: records in the database, the runner interface and its worker processes."""
