-- Keyword search: the distinct two-character pieces of the lower-cased text. A text contains a
-- keyword of two or more characters only if it holds every piece of the keyword, so
-- `kp_bigrams(stem_text) @> kp_bigrams(keyword)` narrows the search through a GIN expression index
-- before ILIKE checks it.
-- (Chinese words are mostly two characters, which pg_trgm's trigrams cannot index.)
CREATE FUNCTION kp_bigrams(input text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lower(input), i, 2)), '{}'::text[])
  FROM generate_series(1, char_length(input) - 1) AS i
$$;--> statement-breakpoint
CREATE TABLE "question_counts" (
	"organization_id" bigint NOT NULL,
	"bank_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"difficulty" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "question_counts_organization_id_bank_id_type_status_difficulty_pk" PRIMARY KEY("organization_id","bank_id","type","status","difficulty")
);
--> statement-breakpoint
DROP INDEX "question_knowledge_knowledge_idx";--> statement-breakpoint
DROP INDEX "question_tags_tag_idx";--> statement-breakpoint
DROP INDEX "questions_org_bank_type_idx";--> statement-breakpoint
DROP INDEX "questions_org_created_idx";--> statement-breakpoint
CREATE INDEX "question_counts_bank_idx" ON "question_counts" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "question_knowledge_knowledge_question_idx" ON "question_knowledge" USING btree ("knowledge_id","question_id");--> statement-breakpoint
CREATE INDEX "question_tags_tag_question_idx" ON "question_tags" USING btree ("tag_id","question_id");--> statement-breakpoint
CREATE INDEX "questions_org_bank_created_idx" ON "questions" USING btree ("organization_id","bank_id","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_org_created_id_idx" ON "questions" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_org_difficulty_id_idx" ON "questions" USING btree ("organization_id","difficulty","id");--> statement-breakpoint
CREATE INDEX "questions_stem_grams_idx" ON "questions" USING gin (kp_bigrams("stem_text"));--> statement-breakpoint
-- question_counts follows every insert, update and delete of questions, one upsert per statement.
CREATE FUNCTION kp_question_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO question_counts AS c (organization_id, bank_id, type, status, difficulty, count)
    SELECT organization_id, bank_id, type, status, difficulty, count(*)::int
    FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organization_id, bank_id, type, status, difficulty)
    DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO question_counts AS c (organization_id, bank_id, type, status, difficulty, count)
    SELECT organization_id, bank_id, type, status, difficulty, -count(*)::int
    FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organization_id, bank_id, type, status, difficulty)
    DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO question_counts AS c (organization_id, bank_id, type, status, difficulty, count)
    SELECT organization_id, bank_id, type, status, difficulty, sum(delta)::int
    FROM (
      SELECT organization_id, bank_id, type, status, difficulty, 1 AS delta FROM new_rows
      UNION ALL
      SELECT organization_id, bank_id, type, status, difficulty, -1 AS delta FROM old_rows
    ) AS changes
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organization_id, bank_id, type, status, difficulty)
    DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER questions_counts_insert AFTER INSERT ON questions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kp_question_counts_apply();--> statement-breakpoint
CREATE TRIGGER questions_counts_update AFTER UPDATE ON questions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kp_question_counts_apply();--> statement-breakpoint
CREATE TRIGGER questions_counts_delete AFTER DELETE ON questions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kp_question_counts_apply();--> statement-breakpoint
INSERT INTO question_counts (organization_id, bank_id, type, status, difficulty, count)
SELECT organization_id, bank_id, type, status, difficulty, count(*)::int
FROM questions GROUP BY 1, 2, 3, 4, 5;
