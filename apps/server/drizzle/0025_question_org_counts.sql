CREATE TABLE "question_org_counts" (
	"organization_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"difficulty" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "question_org_counts_organization_id_type_status_difficulty_pk" PRIMARY KEY("organization_id","type","status","difficulty")
);
--> statement-breakpoint
-- question_counts and question_org_counts follow every insert, update and delete of questions: one
-- statement adds each statement's changes to both (the transition tables are visible to EXECUTE).
CREATE OR REPLACE FUNCTION kp_question_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT organization_id, bank_id, type, status, difficulty, 1 AS delta FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT organization_id, bank_id, type, status, difficulty, -1 AS delta FROM old_rows'
    ELSE 'SELECT organization_id, bank_id, type, status, difficulty, 1 AS delta FROM new_rows
          UNION ALL
          SELECT organization_id, bank_id, type, status, difficulty, -1 AS delta FROM old_rows'
  END;
BEGIN
  EXECUTE 'WITH changes AS (' || changes || '),
    by_bank AS (
      INSERT INTO question_counts AS c (organization_id, bank_id, type, status, difficulty, count)
      SELECT organization_id, bank_id, type, status, difficulty, sum(delta)::int
      FROM changes GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (organization_id, bank_id, type, status, difficulty)
      DO UPDATE SET count = c.count + excluded.count
    )
    INSERT INTO question_org_counts AS c (organization_id, type, status, difficulty, count)
    SELECT organization_id, type, status, difficulty, sum(delta)::int
    FROM changes GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, type, status, difficulty)
    DO UPDATE SET count = c.count + excluded.count';
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO question_org_counts (organization_id, type, status, difficulty, count)
SELECT organization_id, type, status, difficulty, sum(count)::int
FROM question_counts GROUP BY 1, 2, 3, 4 HAVING sum(count) <> 0;
