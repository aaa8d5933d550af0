/*
 * The original DGDL of Wells and Reed (S. Wells and C. Reed, "A domain specific language for describing diverse
 * systems of dialogue", Journal of Applied Logic 10(4), 2012), written for Parley from the published syntax:
 *
 *   Name{ {turns, magnitude:single, ordering:strict} {players, min:2, max:2} {player, id:White}
 *         {store, id:CS, owner:White, structure:set, visibility:public}
 *         {Rule, scope:initial, {effects}}  {Move, {p}, "opener", {effects or if {..} then {..}}} }
 *
 * or a system of such games, Id{ Game{..} Game{..} }. The braces of a declaration hold items separated by commas;
 * effects and conditions are joined by '&' (the published examples also use ','), alternatives by '||';
 * content is {p, !q}, a locution <Move, {p}>, an argument <p, {q}>. Declarations may end with ';' as in the games
 * written in it. The parse tree is generic (braces, items, calls); OriginalDgdlReader gives it meaning and
 * reports what does not fit with its position.
 */
grammar DgdlOriginal;

file
    : NAME '{' game+ '}' ';'? EOF        # systemFile
    | game EOF                           # gameFile
    ;

game
    : NAME '{' (group ';'?)* '}' ';'?
    ;

group
    : '{' expr? '}'
    ;

expr
    : conj ('||' conj)*
    ;

conj
    : unit (('&' | ',') unit)*
    ;

unit
    : 'if' group 'then' group ('elseif' group 'then' group)* ('else' group)?   # conditional
    | '!'? NAME '(' (unit (',' unit)*)? ')'                                    # call
    | NAME ':' value                                                           # property
    | '<' unit ',' unit '>'                                                    # pair
    | group                                                                    # nested
    | '!'? NAME                                                                # word
    | INT                                                                      # number
    | STRING                                                                   # text
    | '$' NAME '$'                                                             # runtime
    ;

value
    : NAME | INT | STRING | '$' NAME '$' | group
    ;

NAME    : [a-zA-Z_] [a-zA-Z0-9_\-]* ;
INT     : [0-9]+ ;
STRING  : '"' ( '\\' . | ~["\\\r\n] )* '"' ;

BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
LINE_COMMENT  : '//' ~[\r\n]* -> skip ;
WS            : [ \t\r\n\f]+ -> skip ;
UNKNOWN : . ;
