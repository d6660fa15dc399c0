CREATE TABLE "service_modes" (
	"mode" varchar(24) PRIMARY KEY NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"uk_open" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "service_modes_mode" CHECK ("service_modes"."mode" in ('individual', 'independent', 'business', 'businessIndependent'))
);
--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "residence_accepted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "nationality_accepted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The countries under comprehensive sanctions: their residents and nationals are not accepted (docs/rules/uk-and-countries.md); data an operator changes from here on.
UPDATE "countries" SET "residence_accepted" = false, "nationality_accepted" = false WHERE "code" IN ('KP', 'IR', 'SY');
