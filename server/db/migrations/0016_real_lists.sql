ALTER TABLE "contacts" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "phone_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "birth_date" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_business_phone_idx" ON "contacts" USING btree ("business_id","phone_number");--> statement-breakpoint
-- A contact's email, phone number and birth date may be missing (null): the API answers null for
-- them. Rows written before keep their JSON, which this function would build the same.
CREATE OR REPLACE FUNCTION contacts_api_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.api_json := '{"id":' || NEW.id
    || ',"firstName":' || to_json(NEW.first_name)::text
    || ',"lastName":' || to_json(NEW.last_name)::text
    || ',"email":' || coalesce(to_json(NEW.email)::text, 'null')
    || ',"phoneNumber":' || coalesce(to_json(NEW.phone_number)::text, 'null')
    || ',"birthDate":' || coalesce('"' || to_char(NEW.birth_date, 'YYYY-MM-DD') || '"', 'null')
    || ',"gender":"' || NEW.gender || '"'
    || ',"status":"' || NEW.status || '"'
    || ',"tags":' || to_json(NEW.tags)::text
    || ',"lastVisited":' || coalesce('"' || to_char(NEW.last_visited AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')
    || ',"businessId":' || NEW.business_id
    || '}';
  RETURN NEW;
END
$$;
