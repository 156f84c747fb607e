-- This is an empty migration.

-- PostgreSQL only: its search document per task now holds the caption and tags as well
-- (prisma/postgresql/migrations/20261127022447_task_search_document). SQLite keeps its two FTS5
-- tables (TaskPromptFts, TaskShownFts).
