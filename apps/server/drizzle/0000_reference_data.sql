CREATE TABLE "countries" (
	"code" char(2) PRIMARY KEY NOT NULL,
	"english_name" text NOT NULL,
	"chinese_name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" varchar(10) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"asset_type" varchar(6) NOT NULL,
	"decimals" integer NOT NULL,
	"symbol" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "currencies_asset_type" CHECK ("currencies"."asset_type" in ('fiat', 'crypto')),
	CONSTRAINT "currencies_decimals" CHECK ("currencies"."decimals" between 0 and 18)
);
--> statement-breakpoint
CREATE TABLE "currency_networks" (
	"currency_code" varchar(10) NOT NULL,
	"network" varchar(16) NOT NULL,
	"network_name" text NOT NULL,
	"decimals" integer NOT NULL,
	"memo_required" boolean DEFAULT false NOT NULL,
	"memo_name" text,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "currency_networks_currency_code_network_pk" PRIMARY KEY("currency_code","network")
);
--> statement-breakpoint
CREATE TABLE "currency_pairs" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"base_currency" varchar(10) NOT NULL,
	"crypto_currency" varchar(10) NOT NULL,
	"network" varchar(16) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "currency_pairs_limits" CHECK ("currency_pairs"."min_amount" > 0 and "currency_pairs"."max_amount" >= "currency_pairs"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "entry_configs" (
	"merchant_code" varchar(64) PRIMARY KEY NOT NULL,
	"brand" varchar(32) NOT NULL,
	"merchant_name" text NOT NULL,
	"default_fiat_currency" varchar(10) NOT NULL,
	"default_crypto_currency" varchar(10) NOT NULL,
	"default_network" varchar(16) NOT NULL,
	"default_entity" char(2) DEFAULT 'LI' NOT NULL,
	"payment_methods" text[] NOT NULL,
	"transaction_types" text[] NOT NULL,
	"channels" text[] NOT NULL,
	"is_roma" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_switches" (
	"client_type" varchar(10) NOT NULL,
	"entry" varchar(64) NOT NULL,
	"label" varchar(16) NOT NULL,
	"min_version" integer DEFAULT 0 NOT NULL,
	"enable" boolean NOT NULL,
	CONSTRAINT "feature_switches_client_type_entry_label_min_version_pk" PRIMARY KEY("client_type","entry","label","min_version")
);
--> statement-breakpoint
CREATE TABLE "menu_links" (
	"brand" varchar(32) NOT NULL,
	"entity" char(2) NOT NULL,
	"link_key" varchar(32) NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menu_links_brand_entity_link_key_pk" PRIMARY KEY("brand","entity","link_key")
);
--> statement-breakpoint
CREATE TABLE "pair_channels" (
	"pair_id" varchar(40) NOT NULL,
	"channel_code" varchar(24) NOT NULL,
	"transaction_type" varchar(10) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "pair_channels_pair_id_channel_code_transaction_type_pk" PRIMARY KEY("pair_id","channel_code","transaction_type")
);
--> statement-breakpoint
ALTER TABLE "currency_networks" ADD CONSTRAINT "currency_networks_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_pairs" ADD CONSTRAINT "currency_pairs_base_currency_currencies_code_fk" FOREIGN KEY ("base_currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_pairs" ADD CONSTRAINT "currency_pairs_crypto_currency_network_currency_networks_currency_code_network_fk" FOREIGN KEY ("crypto_currency","network") REFERENCES "public"."currency_networks"("currency_code","network") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_configs" ADD CONSTRAINT "entry_configs_default_fiat_currency_currencies_code_fk" FOREIGN KEY ("default_fiat_currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_channels" ADD CONSTRAINT "pair_channels_pair_id_currency_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."currency_pairs"("id") ON DELETE no action ON UPDATE no action;