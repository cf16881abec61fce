-- The percentiles' samples read result_tallies now (0007): nothing reads test_results by
-- country and IQ, and every insert kept this index up to date for nothing.
DROP INDEX `test_results_country_iq_idx`;
