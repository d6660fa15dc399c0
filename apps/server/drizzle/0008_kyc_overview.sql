ALTER TABLE "kyc_profiles" ADD COLUMN "address_country" char(2);--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD COLUMN "entity_switch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD COLUMN "route_entity" char(2);--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD COLUMN "entity_switch_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD COLUMN "hit_clicked_later" boolean DEFAULT false NOT NULL;