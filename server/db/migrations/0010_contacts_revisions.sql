CREATE TABLE "contact_tombstones" (
	"business_id" integer NOT NULL,
	"revision" bigint NOT NULL,
	"contact_id" integer NOT NULL,
	CONSTRAINT "contact_tombstones_pkey" PRIMARY KEY("business_id","revision","contact_id")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "contacts_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_tombstones" ADD CONSTRAINT "contact_tombstones_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_business_revision_idx" ON "contacts" USING btree ("business_id","revision");
--> statement-breakpoint
-- The revision the current transaction's contact writes of a business take: one above the stored
-- one, with the business row locked until commit (so revisions commit in order, and a client that
-- saw N misses nothing above N), then kept in a transaction-local setting for its later writes.
-- It is only stored (contacts_revision_store) for rows really written: an upsert that changes
-- nothing still runs BEFORE INSERT triggers, and must not change the list's validator.
-- Null when the business is being deleted.
CREATE FUNCTION contacts_revision_of(business integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  setting text := 'starboost.contacts_revision_' || business;
  revision bigint := nullif(current_setting(setting, true), '')::bigint;
BEGIN
  IF revision IS NULL THEN
    SELECT contacts_revision + 1 INTO revision FROM businesses WHERE id = business FOR NO KEY UPDATE;
    IF revision IS NOT NULL THEN
      PERFORM set_config(setting, revision::text, true);
    END IF;
  END IF;
  RETURN revision;
END
$$;
--> statement-breakpoint
-- Every insert, and every update that changes the contact as the list shows it, takes the
-- transaction's revision. Named to run after contacts_api_json (BEFORE triggers run in name order).
CREATE FUNCTION contacts_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.api_json IS DISTINCT FROM OLD.api_json THEN
    NEW.revision := coalesce(contacts_revision_of(NEW.business_id), NEW.revision);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contacts_revision BEFORE INSERT OR UPDATE ON contacts FOR EACH ROW EXECUTE FUNCTION contacts_revision();
--> statement-breakpoint
-- Once per statement, the businesses whose rows were really written store their new revision.
CREATE FUNCTION contacts_revision_store() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET contacts_revision = w.revision
  FROM (SELECT business_id, max(revision) AS revision FROM written_contacts GROUP BY business_id) w
  WHERE b.id = w.business_id AND b.contacts_revision < w.revision;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A trigger with transition tables takes one event: one for inserts, one for updates.
CREATE TRIGGER contacts_revision_store_inserted AFTER INSERT ON contacts REFERENCING NEW TABLE AS written_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION contacts_revision_store();
--> statement-breakpoint
CREATE TRIGGER contacts_revision_store_updated AFTER UPDATE ON contacts REFERENCING NEW TABLE AS written_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION contacts_revision_store();
--> statement-breakpoint
-- Deleted contacts leave their id with the deleting revision, once per statement; businesses in id
-- order, so two deletes across the same businesses cannot deadlock on their rows.
CREATE FUNCTION contacts_tombstones() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH revisions AS (
    SELECT business_id, contacts_revision_of(business_id) AS revision
    FROM (SELECT DISTINCT business_id FROM deleted_contacts ORDER BY business_id) affected
  ), tombstones AS (
    INSERT INTO contact_tombstones (business_id, revision, contact_id)
    SELECT d.business_id, r.revision, d.id
    FROM deleted_contacts d JOIN revisions r USING (business_id)
    WHERE r.revision IS NOT NULL
  )
  UPDATE businesses b SET contacts_revision = r.revision
  FROM revisions r WHERE b.id = r.business_id AND b.contacts_revision < r.revision;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contacts_tombstones AFTER DELETE ON contacts REFERENCING OLD TABLE AS deleted_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION contacts_tombstones();
