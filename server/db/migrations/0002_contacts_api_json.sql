ALTER TABLE "contacts" ADD COLUMN "api_json" text;--> statement-breakpoint
CREATE INDEX "contacts_business_id_idx" ON "contacts" USING btree ("business_id","id");--> statement-breakpoint
-- Keeps each contact's API JSON current on every insert and update, whoever writes the row.
CREATE FUNCTION contacts_api_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.api_json := '{"id":' || NEW.id
    || ',"firstName":' || to_json(NEW.first_name)::text
    || ',"lastName":' || to_json(NEW.last_name)::text
    || ',"email":' || to_json(NEW.email)::text
    || ',"phoneNumber":' || to_json(NEW.phone_number)::text
    || ',"birthDate":"' || to_char(NEW.birth_date, 'YYYY-MM-DD') || '"'
    || ',"gender":"' || NEW.gender || '"'
    || ',"status":"' || NEW.status || '"'
    || ',"tags":' || to_json(NEW.tags)::text
    || ',"lastVisited":' || coalesce('"' || to_char(NEW.last_visited AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')
    || ',"businessId":' || NEW.business_id
    || '}';
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contacts_api_json BEFORE INSERT OR UPDATE ON contacts FOR EACH ROW EXECUTE FUNCTION contacts_api_json();
--> statement-breakpoint
UPDATE contacts SET api_json = NULL;
