-- Till (docs/replication.md): the documents the head office has not confirmed, for the replication job and the
-- Settings screen's count (SQLite's twin: migrations/0019_replication_queue.sql, which says IS NOT).
CREATE INDEX "documents_unreplicated" ON "documents" ("organization_id", "id")
  WHERE "till_id" IS NULL AND "replicated_version" IS DISTINCT FROM "updated_at";
