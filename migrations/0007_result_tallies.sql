CREATE TABLE `result_tallies` (
	`country` text NOT NULL,
	`iq` integer NOT NULL,
	`results` integer NOT NULL,
	PRIMARY KEY(`country`, `iq`)
);
--> statement-breakpoint
-- The results stored before the tally: counted once here, then kept by the triggers.
INSERT INTO `result_tallies` (`country`, `iq`, `results`)
	SELECT coalesce(`country`, ''), `iq`, count(*) FROM `test_results`
	GROUP BY coalesce(`country`, ''), `iq`;
--> statement-breakpoint
CREATE TRIGGER `test_results_tally_insert` AFTER INSERT ON `test_results` BEGIN
	INSERT INTO `result_tallies` (`country`, `iq`, `results`)
		VALUES (coalesce(NEW.`country`, ''), NEW.`iq`, 1)
		ON CONFLICT (`country`, `iq`) DO UPDATE SET `results` = `results` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `test_results_tally_delete` AFTER DELETE ON `test_results` BEGIN
	UPDATE `result_tallies` SET `results` = `results` - 1
		WHERE `country` = coalesce(OLD.`country`, '') AND `iq` = OLD.`iq`;
END;
--> statement-breakpoint
CREATE TRIGGER `test_results_tally_update` AFTER UPDATE OF `country`, `iq` ON `test_results` BEGIN
	UPDATE `result_tallies` SET `results` = `results` - 1
		WHERE `country` = coalesce(OLD.`country`, '') AND `iq` = OLD.`iq`;
	INSERT INTO `result_tallies` (`country`, `iq`, `results`)
		VALUES (coalesce(NEW.`country`, ''), NEW.`iq`, 1)
		ON CONFLICT (`country`, `iq`) DO UPDATE SET `results` = `results` + 1;
END;
