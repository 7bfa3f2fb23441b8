package dev.openelevate.analysis;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.cz.CzechStemFilter;
import org.apache.lucene.analysis.de.GermanLightStemFilter;
import org.apache.lucene.analysis.de.GermanMinimalStemFilter;
import org.apache.lucene.analysis.el.GreekStemFilter;
import org.apache.lucene.analysis.en.EnglishMinimalStemFilter;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.KStemFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.es.SpanishLightStemFilter;
import org.apache.lucene.analysis.es.SpanishMinimalStemFilter;
import org.apache.lucene.analysis.fi.FinnishLightStemFilter;
import org.apache.lucene.analysis.fr.FrenchLightStemFilter;
import org.apache.lucene.analysis.fr.FrenchMinimalStemFilter;
import org.apache.lucene.analysis.hu.HungarianLightStemFilter;
import org.apache.lucene.analysis.it.ItalianLightStemFilter;
import org.apache.lucene.analysis.lv.LatvianStemFilter;
import org.apache.lucene.analysis.no.NorwegianLightStemFilter;
import org.apache.lucene.analysis.no.NorwegianLightStemmer;
import org.apache.lucene.analysis.no.NorwegianMinimalStemFilter;
import org.apache.lucene.analysis.pt.PortugueseLightStemFilter;
import org.apache.lucene.analysis.pt.PortugueseMinimalStemFilter;
import org.apache.lucene.analysis.ru.RussianLightStemFilter;
import org.apache.lucene.analysis.snowball.SnowballFilter;
import org.apache.lucene.analysis.sv.SwedishLightStemFilter;
import org.apache.lucene.analysis.sv.SwedishMinimalStemFilter;
import org.elasticsearch.plugin.Inject;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;
import org.elasticsearch.plugin.settings.AnalysisSettings;
import org.elasticsearch.plugin.settings.StringSetting;
import org.tartarus.snowball.ext.DanishStemmer;
import org.tartarus.snowball.ext.DutchStemmer;
import org.tartarus.snowball.ext.EstonianStemmer;
import org.tartarus.snowball.ext.ItalianStemmer;
import org.tartarus.snowball.ext.KpStemmer;
import org.tartarus.snowball.ext.LithuanianStemmer;
import org.tartarus.snowball.ext.RomanianStemmer;
import org.tartarus.snowball.ext.SerbianStemmer;

/**
 * {@code elevate_stemmer}: one stemmer per language. A plain language name picks the stemmer that did best on
 * product nouns (plural and singular meet, see docs/language-analysis.md): Lucene's "light" stemmer where it has
 * one, else Snowball; Dutch uses Kraaij-Pohlmann ("jassen" = "jas") and Italian Snowball ("borse" = "borsa"), and
 * English KStem. Prefixed names pick the alternatives: {@code minimal_*}, {@code light_italian},
 * {@code snowball_dutch}, {@code porter_english}, {@code possessive_english} ("women's" → "women"). {@code serbian}
 * (Snowball) also suits Croatian in Latin script. Expects lowercased input (Greek: {@code elevate_lowercase} with
 * {@code language: greek}).
 */
@NamedComponent("elevate_stemmer")
public class StemmerFactory implements TokenFilterFactory {

  @AnalysisSettings
  public interface Settings {
    @StringSetting(path = "language", defaultValue = "")
    String language();
  }

  /** Language name to stemmer; each call builds a new filter (Snowball stemmers hold state). */
  static final Map<String, UnaryOperator<TokenStream>> STEMMERS = new TreeMap<>(Map.ofEntries(
      Map.entry("swedish", SwedishLightStemFilter::new),
      Map.entry("minimal_swedish", SwedishMinimalStemFilter::new),
      Map.entry("norwegian", ts -> new NorwegianLightStemFilter(ts, NorwegianLightStemmer.BOKMAAL)),
      Map.entry("nynorsk", ts -> new NorwegianLightStemFilter(ts, NorwegianLightStemmer.NYNORSK)),
      Map.entry("minimal_norwegian", ts -> new NorwegianMinimalStemFilter(ts, NorwegianLightStemmer.BOKMAAL)),
      Map.entry("minimal_nynorsk", ts -> new NorwegianMinimalStemFilter(ts, NorwegianLightStemmer.NYNORSK)),
      Map.entry("danish", ts -> new SnowballFilter(ts, new DanishStemmer())),
      Map.entry("finnish", FinnishLightStemFilter::new),
      Map.entry("german", GermanLightStemFilter::new),
      Map.entry("minimal_german", GermanMinimalStemFilter::new),
      Map.entry("dutch", ts -> new SnowballFilter(ts, new KpStemmer())),
      Map.entry("snowball_dutch", ts -> new SnowballFilter(ts, new DutchStemmer())),
      Map.entry("english", KStemFilter::new),
      Map.entry("minimal_english", EnglishMinimalStemFilter::new),
      Map.entry("porter_english", PorterStemFilter::new),
      Map.entry("possessive_english", EnglishPossessiveFilter::new),
      Map.entry("french", FrenchLightStemFilter::new),
      Map.entry("minimal_french", FrenchMinimalStemFilter::new),
      Map.entry("spanish", SpanishLightStemFilter::new),
      Map.entry("minimal_spanish", SpanishMinimalStemFilter::new),
      Map.entry("italian", ts -> new SnowballFilter(ts, new ItalianStemmer())),
      Map.entry("light_italian", ItalianLightStemFilter::new),
      Map.entry("portuguese", PortugueseLightStemFilter::new),
      Map.entry("minimal_portuguese", PortugueseMinimalStemFilter::new),
      Map.entry("czech", CzechStemFilter::new),
      Map.entry("greek", GreekStemFilter::new),
      Map.entry("hungarian", HungarianLightStemFilter::new),
      Map.entry("latvian", LatvianStemFilter::new),
      Map.entry("russian", RussianLightStemFilter::new),
      Map.entry("estonian", ts -> new SnowballFilter(ts, new EstonianStemmer())),
      Map.entry("lithuanian", ts -> new SnowballFilter(ts, new LithuanianStemmer())),
      Map.entry("romanian", ts -> new SnowballFilter(ts, new RomanianStemmer())),
      Map.entry("serbian", ts -> new SnowballFilter(ts, new SerbianStemmer()))));

  private final String language;
  private final UnaryOperator<TokenStream> stemmer;

  /**
   * Never throws: Elasticsearch builds every plugin filter with empty settings for each index (so it can be named
   * bare in an analyzer), and wraps constructor errors in a 500. {@link #create} refuses a missing or unknown
   * language instead, which Elasticsearch calls for each analyzer when it creates the index: a 400 naming it.
   */
  @Inject
  public StemmerFactory(Settings settings) {
    this.language = settings.language();
    this.stemmer = STEMMERS.get(language);
  }

  @Override
  public TokenStream create(TokenStream input) {
    if (stemmer == null) {
      throw new IllegalArgumentException((language.isEmpty() ? "elevate_stemmer needs a language"
          : "elevate_stemmer: unknown language [" + language + "]") + "; expected one of " + STEMMERS.keySet());
    }
    return stemmer.apply(input);
  }
}
