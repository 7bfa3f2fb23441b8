package dev.openelevate.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class OtherFactoriesTest {

  @Test
  void greekLowercaseAndStem() throws Exception {
    LowercaseFactory greek = new LowercaseFactory(Analysis.settings(LowercaseFactory.Settings.class, Map.of("language", "greek")));
    assertEquals(List.of("τσαντα", "τσαντεσ"), Analysis.terms("ΤΣΆΝΤΑ τσάντες", greek));
    List<String> stems = Analysis.terms("τσάντα τσάντες", greek, StemmerFactoryTest.stemmer("greek"));
    assertEquals(stems.get(0), stems.get(1));
    LowercaseFactory elvish = new LowercaseFactory(Analysis.settings(LowercaseFactory.Settings.class, Map.of("language", "elvish")));
    assertThrows(IllegalArgumentException.class, () -> Analysis.terms("x", elvish));
  }

  @Test
  void elisionByLanguageOrList() throws Exception {
    ElisionFactory french = new ElisionFactory(Analysis.settings(ElisionFactory.Settings.class, Map.of("language", "french")));
    assertEquals(List.of("écharpe", "avion"), Analysis.terms("L'écharpe l’avion", french));
    ElisionFactory custom = new ElisionFactory(Analysis.settings(ElisionFactory.Settings.class, Map.of("articles", List.of("dell"))));
    assertEquals(List.of("acqua"), Analysis.terms("dell'acqua", custom));
    ElisionFactory unset = new ElisionFactory(Analysis.settings(ElisionFactory.Settings.class, Map.of()));
    assertThrows(IllegalArgumentException.class, () -> Analysis.terms("l'avion", unset));
    ElisionFactory dothraki = new ElisionFactory(Analysis.settings(ElisionFactory.Settings.class, Map.of("language", "dothraki")));
    assertThrows(IllegalArgumentException.class, () -> Analysis.terms("l'avion", dothraki));
  }

  @Test
  void cjkWidthAndBigrams() throws Exception {
    CjkBigramFactory bigrams = new CjkBigramFactory(Analysis.settings(CjkBigramFactory.Settings.class, Map.of()));
    assertEquals(List.of("東京", "京都", "abc1"), Analysis.terms("東京都 ＡＢＣ１", new CjkWidthFactory(), bigrams));
    assertEquals(List.of("ガム"), Analysis.terms("ｶﾞﾑ", new CjkWidthFactory(), bigrams));
    CjkBigramFactory unigrams = new CjkBigramFactory(
        Analysis.settings(CjkBigramFactory.Settings.class, Map.of("output_unigrams", true)));
    assertEquals(List.of("東", "東京", "京", "京都", "都"), Analysis.terms("東京都", unigrams));
    CjkBigramFactory latin = new CjkBigramFactory(
        Analysis.settings(CjkBigramFactory.Settings.class, Map.of("ignored_scripts", List.of("latin"))));
    assertThrows(IllegalArgumentException.class, () -> Analysis.terms("東京", latin));
  }

  @Test
  void decompoundKeepsTheWordAndAddsItsParts() throws Exception {
    DecompoundFactory sv = new DecompoundFactory(Analysis.settings(DecompoundFactory.Settings.class,
        Map.of("word_list", List.of("vinter", "jacka", "Jackor"))));
    assertEquals(List.of("vinterjacka", "vinter", "jacka"), Analysis.terms("Vinterjacka", sv));
    assertEquals(List.of("vinterjackor", "vinter", "jackor"), Analysis.terms("vinterjackor", sv));
    assertEquals(List.of("vinterjack", "vint", "jack"), Analysis.terms("vinterjacka", sv, StemmerFactoryTest.stemmer("swedish")));
    DecompoundFactory wrong = new DecompoundFactory(Analysis.settings(DecompoundFactory.Settings.class,
        Map.of("min_subword_size", 5, "max_subword_size", 3)));
    assertThrows(IllegalArgumentException.class, () -> Analysis.terms("vinterjacka", wrong));
  }
}
