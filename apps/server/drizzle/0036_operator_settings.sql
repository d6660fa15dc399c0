CREATE TABLE "channel_fees" (
	"channel_code" varchar(24) PRIMARY KEY NOT NULL,
	"fee_rate" numeric(10, 6) NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	CONSTRAINT "channel_fees_rate" CHECK ("channel_fees"."fee_rate" >= 0 and "channel_fees"."fee_rate" <= 0.25)
);
--> statement-breakpoint
CREATE TABLE "fee_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"default_spread_rate" numeric(10, 6) NOT NULL,
	"promotion_first_transactions" integer NOT NULL,
	"promotion_discount_rate" numeric(10, 6) NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	CONSTRAINT "fee_settings_one_row" CHECK ("fee_settings"."id" = 1),
	CONSTRAINT "fee_settings_spread" CHECK ("fee_settings"."default_spread_rate" >= 0 and "fee_settings"."default_spread_rate" <= 0.1),
	CONSTRAINT "fee_settings_promotion" CHECK ("fee_settings"."promotion_first_transactions" between 0 and 100),
	CONSTRAINT "fee_settings_discount" CHECK ("fee_settings"."promotion_discount_rate" >= 0 and "fee_settings"."promotion_discount_rate" <= 1)
);
--> statement-breakpoint
CREATE TABLE "kyc_limit_tiers" (
	"kyc_level" integer PRIMARY KEY NOT NULL,
	"daily" numeric(38, 18) NOT NULL,
	"monthly" numeric(38, 18) NOT NULL,
	"yearly" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	CONSTRAINT "kyc_limit_tiers_level" CHECK ("kyc_limit_tiers"."kyc_level" >= 0),
	CONSTRAINT "kyc_limit_tiers_order" CHECK ("kyc_limit_tiers"."daily" >= 0 and "kyc_limit_tiers"."daily" <= "kyc_limit_tiers"."monthly" and "kyc_limit_tiers"."monthly" <= "kyc_limit_tiers"."yearly")
);
--> statement-breakpoint
CREATE TABLE "network_fees" (
	"network" varchar(16) PRIMARY KEY NOT NULL,
	"native_coin" varchar(10) NOT NULL,
	"native_transfer" numeric(38, 18) NOT NULL,
	"token_transfer" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	CONSTRAINT "network_fees_amounts" CHECK ("network_fees"."native_transfer" >= 0 and "network_fees"."token_transfer" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spread_rates" (
	"crypto_currency" varchar(10) PRIMARY KEY NOT NULL,
	"spread_rate" numeric(10, 6) NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	CONSTRAINT "spread_rates_rate" CHECK ("spread_rates"."spread_rate" >= 0 and "spread_rates"."spread_rate" <= 0.1)
);
--> statement-breakpoint
ALTER TABLE "currency_pairs" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "currency_pairs" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "feature_switches" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feature_switches" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "pair_channels" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pair_channels" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "spread_rates" ADD CONSTRAINT "spread_rates_crypto_currency_currencies_code_fk" FOREIGN KEY ("crypto_currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;