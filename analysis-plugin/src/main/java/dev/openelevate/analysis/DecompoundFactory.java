package dev.openelevate.analysis;

import java.util.List;

import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.compound.DictionaryCompoundWordTokenFilter;
import org.elasticsearch.plugin.Inject;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;
import org.elasticsearch.plugin.settings.AnalysisSettings;
import org.elasticsearch.plugin.settings.BooleanSetting;
import org.elasticsearch.plugin.settings.IntSetting;
import org.elasticsearch.plugin.settings.ListSetting;

/**
 * {@code elevate_decompound}: keeps each token and adds, at the same position, every word of {@code word_list}
 * found inside it ("vinterjacka" → vinterjacka, vinter, jacka). Only tokens of at least {@code min_word_size}
 * characters are split; parts are {@code min_subword_size} to {@code max_subword_size} characters long;
 * {@code only_longest_match} keeps only the longest part found at each offset. Matching ignores case.
 */
@NamedComponent("elevate_decompound")
public class DecompoundFactory implements TokenFilterFactory {

  @AnalysisSettings
  public interface Settings {
    @ListSetting(path = "word_list")
    List<String> wordList();

    @IntSetting(path = "min_word_size", defaultValue = DictionaryCompoundWordTokenFilter.DEFAULT_MIN_WORD_SIZE)
    int minWordSize();

    @IntSetting(path = "min_subword_size", defaultValue = DictionaryCompoundWordTokenFilter.DEFAULT_MIN_SUBWORD_SIZE)
    int minSubwordSize();

    @IntSetting(path = "max_subword_size", defaultValue = DictionaryCompoundWordTokenFilter.DEFAULT_MAX_SUBWORD_SIZE)
    int maxSubwordSize();

    @BooleanSetting(path = "only_longest_match", defaultValue = false)
    boolean onlyLongestMatch();
  }

  private final CharArraySet dictionary;
  private final int minWordSize;
  private final int minSubwordSize;
  private final int maxSubwordSize;
  private final boolean onlyLongestMatch;

  /** Settings are checked in {@link #create}, not here: see {@link StemmerFactory#StemmerFactory}. */
  @Inject
  public DecompoundFactory(Settings settings) {
    this.minWordSize = settings.minWordSize();
    this.minSubwordSize = settings.minSubwordSize();
    this.maxSubwordSize = settings.maxSubwordSize();
    this.onlyLongestMatch = settings.onlyLongestMatch();
    this.dictionary = CharArraySet.unmodifiableSet(new CharArraySet(settings.wordList(), true));
  }

  @Override
  public TokenStream create(TokenStream input) {
    if (minSubwordSize < 1 || maxSubwordSize < minSubwordSize || minWordSize < minSubwordSize) {
      throw new IllegalArgumentException("elevate_decompound: need 1 <= min_subword_size <= max_subword_size and"
          + " min_subword_size <= min_word_size (got min_word_size " + minWordSize + ", min_subword_size "
          + minSubwordSize + ", max_subword_size " + maxSubwordSize + ")");
    }
    return new DictionaryCompoundWordTokenFilter(input, dictionary, minWordSize, minSubwordSize, maxSubwordSize,
        onlyLongestMatch);
  }
}
