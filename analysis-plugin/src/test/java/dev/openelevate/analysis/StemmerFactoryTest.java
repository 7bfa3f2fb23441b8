package dev.openelevate.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class StemmerFactoryTest {

  static StemmerFactory stemmer(String language) {
    return new StemmerFactory(Analysis.settings(StemmerFactory.Settings.class, Map.of("language", language)));
  }

  @Test
  void swedishPluralAndSingularMeet() throws Exception {
    assertEquals(List.of("jack", "jack", "jack"), Analysis.terms("jackor Jacka jackorna", stemmer("swedish")));
  }

  @Test
  void germanLightStemsPlural() throws Exception {
    assertEquals(List.of("schuh", "schuh"), Analysis.terms("Schuhe Schuh", stemmer("german")));
  }

  @Test
  void englishUsesKStem() throws Exception {
    assertEquals(List.of("shoe", "shoe", "dress", "jacket"), Analysis.terms("shoes shoe dresses jackets", stemmer("english")));
    assertEquals(List.of("women"), Analysis.terms("women's", stemmer("possessive_english")));
  }

  @Test
  void dutchAndItalianDefaultsMeetShortPlurals() throws Exception {
    assertEquals(List.of("jas", "jas", "tas", "tas"), Analysis.terms("jassen jas tassen tas", stemmer("dutch")));
    assertEquals(List.of("bors", "bors", "gonn", "gonn"), Analysis.terms("borse borsa gonne gonna", stemmer("italian")));
  }

  @Test
  void norwegianFlavoursDiffer() throws Exception {
    assertEquals(List.of("jakk", "jakk"), Analysis.terms("jakker jakke", stemmer("norwegian")));
    assertEquals(List.of("jakk", "jakk"), Analysis.terms("jakkar jakke", stemmer("nynorsk")));
  }

  @Test
  void everyLanguageBuildsAWorkingFilter() throws Exception {
    for (String language : StemmerFactory.STEMMERS.keySet()) {
      List<String> out = Analysis.terms("jackorna schuhe dresses chaussures", stemmer(language));
      assertEquals(4, out.size(), language);
      assertFalse(out.contains(""), language);
    }
  }

  @Test
  void unknownLanguageIsRefusedWithTheKnownOnes() {
    // Built without a language or with a wrong one (Elasticsearch builds every filter with empty settings for
    // each index), it fails only when used.
    StemmerFactory klingon = stemmer("klingon");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Analysis.terms("jackor", klingon));
    assertTrue(e.getMessage().contains("[klingon]") && e.getMessage().contains("swedish"), e.getMessage());
    StemmerFactory unset = stemmer("");
    assertThrows(IllegalArgumentException.class, () -> Analysis.terms("jackor", unset));
  }
}
