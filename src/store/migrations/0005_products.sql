CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`code` text NOT NULL,
	`barcode` text,
	`description` text NOT NULL,
	`cabys_code` text NOT NULL,
	`unit` text NOT NULL,
	`price` text NOT NULL,
	`currency` text DEFAULT 'CRC' NOT NULL,
	`tax_code` text NOT NULL,
	`tax_rate_code` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_code` ON `products` (`organization_id`,`code`);--> statement-breakpoint
CREATE INDEX `products_barcode` ON `products` (`organization_id`,`barcode`);