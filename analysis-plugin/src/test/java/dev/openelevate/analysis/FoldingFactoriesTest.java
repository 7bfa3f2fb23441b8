package dev.openelevate.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class FoldingFactoriesTest {

  static FoldingFactory folding(boolean preserveOriginal) {
    return new FoldingFactory(Analysis.settings(FoldingFactory.Settings.class, Map.of("preserve_original", preserveOriginal)));
  }

  @Test
  void asciiFolding() throws Exception {
    assertEquals(List.of("rod", "bjorn", "creme", "strasse"), Analysis.terms("Röd Bjørn crème Straße", folding(false)));
    assertEquals(List.of("rod", "röd"), Analysis.terms("röd", folding(true)));
  }

  @Test
  void scandinavianFoldingMeetsDigraphs() throws Exception {
    assertEquals(List.of("blabar", "blabar", "blabar"),
        Analysis.terms("blåbær blaabaer blabar", new ScandinavianFoldingFactory()));
  }

  @Test
  void scandinavianNormalization() throws Exception {
    assertEquals(List.of("blåbær", "blåbær", "bjørn"),
        Analysis.terms("blåbär blaabaer björn", new ScandinavianNormalizationFactory()));
  }

  @Test
  void germanNormalization() throws Exception {
    assertEquals(List.of("strasse", "strasse", "muller", "muller"),
        Analysis.terms("Straße Strasse Müller Mueller", new GermanNormalizationFactory()));
  }
}
