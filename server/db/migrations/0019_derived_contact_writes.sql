-- Issue 24. An import's write no longer runs three plpgsql triggers per row (the opt-out check,
-- api_json and the revision: about two thirds of a 100,000-row import): its one statement computes
-- the same values itself, with the functions below, which the triggers now call too, so the two
-- cannot drift apart. A transaction that writes that way says so with
--   set_config('starboost.contacts_derived', 'on', true)
-- (server/contacts/queries.ts, only around an import's statements; transaction-local). Every other
-- write keeps the triggers; tests/api/contacts-derived-writes.test.ts compares the two.

-- The contact as the API sends it (compact JSON; see migration 0016). A plain SQL expression, so the
-- planner inlines it into the statement that calls it.
CREATE FUNCTION contact_api_json(id integer, business_id integer, first_name text, last_name text, email text,
                                 phone_number text, birth_date date, gender text, status text, tags text,
                                 last_visited timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":' || id
    || ',"firstName":' || to_json(first_name)::text
    || ',"lastName":' || to_json(last_name)::text
    || ',"email":' || coalesce(to_json(email)::text, 'null')
    || ',"phoneNumber":' || coalesce(to_json(phone_number)::text, 'null')
    || ',"birthDate":' || coalesce('"' || to_char(birth_date, 'YYYY-MM-DD') || '"', 'null')
    || ',"gender":"' || gender || '"'
    || ',"status":"' || status || '"'
    || ',"tags":' || to_json(tags)::text
    || ',"lastVisited":' || coalesce('"' || to_char(last_visited AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')
    || ',"businessId":' || business_id
    || '}'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_api_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.api_json := contact_api_json(NEW.id, NEW.business_id, NEW.first_name, NEW.last_name, NEW.email, NEW.phone_number,
                                   NEW.birth_date, NEW.gender, NEW.status, NEW.tags, NEW.last_visited);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Whether the business has any opt-out at all (most have none): a probe of each index answers.
CREATE FUNCTION business_has_opt_outs(business integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM suppressions s WHERE s.business_id = business)
      OR EXISTS (SELECT 1 FROM contacts c WHERE c.business_id = business AND c.status = 'UNSUBSCRIBED')
      OR EXISTS (SELECT 1 FROM opt_out_hashes o WHERE o.business_id = business)
$$;
--> statement-breakpoint
-- Whether the business keeps the hash of an erased contact's hard bounce or invalid number, which
-- comes back onto the suppression list when a contact gets that address (restore_suppressions).
-- An import into such a business (rare) leaves its rows to the triggers.
CREATE FUNCTION business_has_kept_suppressions(business integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM opt_out_hashes o WHERE o.business_id = business AND o.reason IN ('hard_bounce', 'invalid_number'))
$$;
--> statement-breakpoint
-- The addresses a write brings that the contact did not have (the old ones: what it had before, null
-- for a new contact), as address_opted_out compares them: email lower-case and trimmed, a phone
-- number as its digits; null for an address it keeps, and for none.
CREATE FUNCTION new_addresses(email text, phone text, old_email text, old_phone text, OUT new_email text, OUT new_digits text)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN nullif(lower(trim(email)), '') IS DISTINCT FROM nullif(lower(trim(old_email)), '') THEN nullif(lower(trim(email)), '') END,
         CASE WHEN nullif(ltrim(trim(phone), '+'), '') IS DISTINCT FROM nullif(ltrim(trim(old_phone), '+'), '') THEN nullif(ltrim(trim(phone), '+'), '') END
$$;
--> statement-breakpoint
-- The status a contact written with this email and phone number has: UNSUBSCRIBED when it was
-- ACTIVE and an address it did not have before is opted out (address_opted_out, migration 0015);
-- else as it was. Addresses it keeps are not checked again (a contact who replied START stays subscribed).
CREATE FUNCTION contact_status_after(business integer, status text, email text, phone text, old_email text, old_phone text)
  RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  added record;
BEGIN
  SELECT * INTO added FROM new_addresses(email, phone, old_email, old_phone);
  IF status = 'ACTIVE' AND (added.new_email IS NOT NULL OR added.new_digits IS NOT NULL)
     AND address_opted_out(business, added.new_email, added.new_digits) THEN
    RETURN 'UNSUBSCRIBED';
  END IF;
  RETURN status;
END
$$;
--> statement-breakpoint
-- The trigger of migration 0015, with its address rule, probes and status rule now the functions above.
CREATE OR REPLACE FUNCTION contacts_keep_opt_out() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_email text;
  old_phone text;
  added record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    old_email := OLD.email;
    old_phone := OLD.phone_number;
  END IF;
  SELECT * INTO added FROM new_addresses(NEW.email, NEW.phone_number, old_email, old_phone);
  IF added.new_email IS NULL AND added.new_digits IS NULL THEN
    RETURN NEW;
  END IF;
  IF business_has_kept_suppressions(NEW.business_id) THEN
    PERFORM restore_suppressions(NEW.business_id, added.new_email, added.new_digits);
  END IF;
  IF business_has_opt_outs(NEW.business_id) THEN
    NEW.status := contact_status_after(NEW.business_id, NEW.status, NEW.email, NEW.phone_number, old_email, old_phone);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER contacts_0_keep_opt_out ON contacts;
--> statement-breakpoint
CREATE TRIGGER contacts_0_keep_opt_out BEFORE INSERT OR UPDATE OF email, phone_number ON contacts FOR EACH ROW
  WHEN (current_setting('starboost.contacts_derived', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION contacts_keep_opt_out();
--> statement-breakpoint
DROP TRIGGER contacts_api_json ON contacts;
--> statement-breakpoint
CREATE TRIGGER contacts_api_json BEFORE INSERT OR UPDATE ON contacts FOR EACH ROW
  WHEN (current_setting('starboost.contacts_derived', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION contacts_api_json();
--> statement-breakpoint
DROP TRIGGER contacts_revision ON contacts;
--> statement-breakpoint
CREATE TRIGGER contacts_revision BEFORE INSERT OR UPDATE ON contacts FOR EACH ROW
  WHEN (current_setting('starboost.contacts_derived', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION contacts_revision();
