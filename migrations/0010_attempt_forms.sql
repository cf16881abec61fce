-- Forms of their own (issue 28; docs/decisions/0039-forms-served-and-scored.md): the attempt keeps
-- its form and the version of the parameters it was priced with; a form's result keeps how it was
-- scored and the ability with its standard error. Attempts on banks v1 and v2 keep nulls.
ALTER TABLE `test_attempts` ADD `form` text;--> statement-breakpoint
ALTER TABLE `test_attempts` ADD `parameter_version` text;--> statement-breakpoint
ALTER TABLE `test_results` ADD `scoring_version` text;--> statement-breakpoint
ALTER TABLE `test_results` ADD `parameter_version` text;--> statement-breakpoint
ALTER TABLE `test_results` ADD `ability` text;