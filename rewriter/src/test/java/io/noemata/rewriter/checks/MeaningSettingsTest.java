package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.sql.Clause;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A setting that changes how names, aggregates or tables resolve: the rewritten level could mean something else. */
class MeaningSettingsTest {

  private static List<Clause.Setting> settings(String sql) {
    return Levels.select(sql).settings().items();
  }

  @Test
  void aSettingThatChangesWhatTheLevelMeansKeepsEveryLevelOnItsTable() {
    var skip = MeaningSettings.check(settings("SELECT 1 SETTINGS max_threads = 2, Prefer_Column_Name_To_Alias = 1"));
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, skip);
    assertTrue(skip.get().reason().contains("prefer_column_name_to_alias"), skip.get().reason());
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, MeaningSettings.check(settings("SELECT 1 SETTINGS session_timezone = 'Asia/Tokyo'")));
  }

  @Test
  void aSettingThatKeepsTheMeaningIsRead() {
    assertEquals(Optional.empty(), MeaningSettings.check(settings("SELECT 1 SETTINGS max_threads = 2")));
    assertEquals(Optional.empty(), MeaningSettings.check(List.of()));
  }
}
