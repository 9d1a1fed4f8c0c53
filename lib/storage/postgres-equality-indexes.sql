-- FerretDB v1 pushes an equality filter down to PostgreSQL as `_jsonb->'field' @> value`, but the
-- index it builds for a collection index is a btree on `(_jsonb->'field')`, which `@>` cannot use:
-- every pushed-down find, even by _id, scans the whole table. So each btree index FerretDB makes
-- gets a GIN twin per field, `USING gin ((_jsonb->'field') jsonb_path_ops)`, which `@>` does use.
-- An event trigger makes the twins as FerretDB creates indexes and drops them with their btree;
-- the function also runs at every start, for indexes made before it was installed.

CREATE OR REPLACE FUNCTION ferretdb_twin_name(btree_name text, field_no int) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT left(btree_name, 55) || '_gin' || field_no $$;

CREATE OR REPLACE FUNCTION ferretdb_make_equality_twins() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  ix record;
  field_no int;
  expr text;
BEGIN
  FOR ix IN
    SELECT i.indexrelid, c.relname AS index_name, n.nspname AS schema_name, t.relname AS table_name, i.indnatts
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_am am ON am.oid = c.relam
    WHERE am.amname = 'btree' AND i.indexprs IS NOT NULL
      AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  LOOP
    FOR field_no IN 1 .. ix.indnatts LOOP
      expr := pg_get_indexdef(ix.indexrelid, field_no, true);
      -- Only FerretDB's shape: one top-level field of the document column.
      CONTINUE WHEN expr !~ '^\(?_jsonb -> ''[^'']+''::text\)?$';
      IF to_regclass(format('%I.%I', ix.schema_name, ferretdb_twin_name(ix.index_name, field_no))) IS NULL THEN
        EXECUTE format('CREATE INDEX %I ON %I.%I USING gin ((%s) jsonb_path_ops)',
          ferretdb_twin_name(ix.index_name, field_no), ix.schema_name, ix.table_name, expr);
      END IF;
    END LOOP;
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION ferretdb_on_create_index() RETURNS event_trigger
LANGUAGE plpgsql AS $$ BEGIN PERFORM ferretdb_make_equality_twins(); END $$;

CREATE OR REPLACE FUNCTION ferretdb_on_drop_index() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE
  dropped record;
  field_no int;
BEGIN
  FOR dropped IN SELECT schema_name, object_name FROM pg_event_trigger_dropped_objects()
    WHERE object_type = 'index' AND object_name !~ '_gin[0-9]+$'
  LOOP
    FOR field_no IN 1 .. 32 LOOP
      EXECUTE format('DROP INDEX IF EXISTS %I.%I', dropped.schema_name, ferretdb_twin_name(dropped.object_name, field_no));
    END LOOP;
  END LOOP;
END $$;

DROP EVENT TRIGGER IF EXISTS ferretdb_equality_twins_create;
CREATE EVENT TRIGGER ferretdb_equality_twins_create ON ddl_command_end
  WHEN TAG IN ('CREATE INDEX') EXECUTE FUNCTION ferretdb_on_create_index();
DROP EVENT TRIGGER IF EXISTS ferretdb_equality_twins_drop;
CREATE EVENT TRIGGER ferretdb_equality_twins_drop ON sql_drop
  WHEN TAG IN ('DROP INDEX') EXECUTE FUNCTION ferretdb_on_drop_index();

SELECT ferretdb_make_equality_twins();
